/**
 * Wrong (account, password) pairs seen lately, so the same wrong pair sent again is answered 401
 * without a scrypt run (issue 26). Keyed by an HMAC under a key that never leaves this process, and
 * by the stored hash: once the password changes, no entry matches it any more.
 */
import { createHmac, randomBytes } from 'node:crypto';

const MAX_ENTRIES = 50_000;

export class RejectionCache {
  private readonly key = randomBytes(32);
  /** Insertion order is expiry order (fixed TTL): the oldest go first. */
  private readonly entries = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  private digest(account: string, stored: string, password: string): string {
    return createHmac('sha256', this.key)
      .update(account)
      .update('\0')
      .update(stored)
      .update('\0')
      .update(password.normalize('NFKC'))
      .digest('base64');
  }

  has(account: string, stored: string, password: string): boolean {
    const expires = this.entries.get(this.digest(account, stored, password));
    return expires !== undefined && expires > Date.now();
  }

  add(account: string, stored: string, password: string): void {
    const now = Date.now();
    for (const [digest, expires] of this.entries) {
      if (expires > now && this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(digest);
    }
    const digest = this.digest(account, stored, password);
    this.entries.delete(digest);
    this.entries.set(digest, now + this.ttlMs);
  }
}
