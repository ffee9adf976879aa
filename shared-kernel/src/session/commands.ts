/**
 * What a remote may ask of the session without writing it: sign out (the profile's logout button),
 * or read the signed-in user again after changing the profile (new name or photo in the header).
 * The shell provides the handlers; without a shell (tests, a remote alone) the requests do nothing.
 */
export interface SessionCommands {
  logout(): Promise<void>;
  refresh(): Promise<void>;
}

let handlers: SessionCommands | null = null;

/** For the shell only. Returns a function that withdraws the handlers. */
export function provideSessionCommands(next: SessionCommands): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = null;
  };
}

export const sessionCommands: SessionCommands = {
  logout: () => handlers?.logout() ?? Promise.resolve(),
  refresh: () => handlers?.refresh() ?? Promise.resolve(),
};
