/** The tab's and the server render's query client: which failed reads leave a trace in the console. */
import { createQueryClient, mutationNotice } from '../src/api/query';

function httpError(status: number): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response: { status, data: {} } });
}

function networkError(): Error {
  return Object.assign(new Error('Network Error'), { isAxiosError: true });
}

describe('createQueryClient: failed reads in the console', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  async function read(error: Error): Promise<void> {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['appartements', 'x'], queryFn: () => Promise.reject(error) }).catch(() => undefined);
  }

  it('logs a read the site or the network failed: a 5xx or no answer', async () => {
    await read(httpError(503));
    await read(networkError());
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls.map((call: unknown[]) => call.slice(0, 2))).toEqual([
      ['Lecture impossible', ['appartements', 'x']],
      ['Lecture impossible', ['appartements', 'x']],
    ]);
  });

  it('does not log an answer the screen tells in French: an unknown apartment, an expired session, a refused stay', async () => {
    for (const status of [404, 401, 403, 400]) await read(httpError(status));
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('mutationNotice: what a screen says of a change it sent', () => {
  const texts = { saved: 'Demande mise à jour.', failed: 'La demande n’a pas pu être mise à jour. Veuillez réessayer.' };
  const refused = Object.assign(new Error('409'), {
    isAxiosError: true,
    response: { status: 409, data: { message: 'Cette demande a changé entre-temps.' } },
  });

  it('says nothing before the change is sent nor while it is being sent', () => {
    expect(mutationNotice({ isSuccess: false, isError: false, error: null }, texts)).toBeNull();
  });

  it('says its own sentence once the server took it', () => {
    expect(mutationNotice({ isSuccess: true, isError: false, error: null }, texts)).toEqual({ tone: 'success', text: texts.saved });
  });

  it("gives the server's French reason for a refusal, and the screen's sentence when none came", () => {
    expect(mutationNotice({ isSuccess: false, isError: true, error: refused }, texts)).toEqual({
      tone: 'danger',
      text: 'Cette demande a changé entre-temps.',
    });
    expect(mutationNotice({ isSuccess: false, isError: true, error: networkError() }, texts)).toEqual({
      tone: 'danger',
      text: texts.failed,
    });
    expect(mutationNotice({ isSuccess: false, isError: true, error: httpError(500) }, texts)).toEqual({
      tone: 'danger',
      text: texts.failed,
    });
  });
});
