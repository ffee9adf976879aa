/**
 * The kernel as the shell's page tests see it: everything real but `authApi`, whose calls are jest
 * mocks each test answers. `jest.mock` factories are hoisted above imports, so a test reaches this
 * through `jest.requireActual` inside its factory.
 */
const AUTH_CALLS = ['login', 'google', 'me', 'logout', 'register', 'forgotPassword', 'resetPassword'];

export function kernelWithMockedAuth(extraCalls: string[] = []): Record<string, unknown> {
  const authApi = Object.fromEntries([...AUTH_CALLS, ...extraCalls].map((name) => [name, jest.fn()]));
  return { ...jest.requireActual<Record<string, unknown>>('shared-kernel'), authApi };
}
