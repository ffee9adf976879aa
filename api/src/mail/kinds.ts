/** Which mail kinds exist and which of them a user may turn off (lists in the kernel). */
import { OPTIONAL_MAIL_KINDS, TRANSACTIONAL_MAIL_KINDS, type MailKind, type OptionalMailKind } from 'shared-kernel/domain';

export function isTransactional(kind: MailKind): boolean {
  return (TRANSACTIONAL_MAIL_KINDS as readonly string[]).includes(kind);
}

export function optionalKind(kind: string): (typeof OPTIONAL_MAIL_KINDS)[number] | undefined {
  return OPTIONAL_MAIL_KINDS.find((k) => k.kind === kind);
}

export function optionalKindsFor(role: 'admin' | 'client'): ReadonlyArray<(typeof OPTIONAL_MAIL_KINDS)[number]> {
  return OPTIONAL_MAIL_KINDS.filter((k) => role === 'admin' || !k.admin);
}

export type { OptionalMailKind };
