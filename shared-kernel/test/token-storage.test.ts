import { TOKEN_KEY, clearToken, readToken, storeToken } from '../src/api/token-storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('token storage', () => {
  it("uses the key 'token'", () => {
    expect(TOKEN_KEY).toBe('token');
  });

  it('stores in local storage only when remember is true', () => {
    storeToken('abc', true);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage).toHaveLength(1);
    expect(sessionStorage).toHaveLength(0);
  });

  it('stores in session storage only when remember is false', () => {
    storeToken('xyz', false);
    expect(sessionStorage.getItem('token')).toBe('xyz');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage).toHaveLength(1);
    expect(localStorage).toHaveLength(0);
  });

  it('replaces a token kept in the other storage', () => {
    storeToken('old', true);
    storeToken('new', false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('new');
    storeToken('again', true);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBe('again');
  });

  it('reads from either storage, preferring local storage', () => {
    expect(readToken()).toBeNull();
    sessionStorage.setItem('token', 'from-session');
    expect(readToken()).toBe('from-session');
    localStorage.setItem('token', 'from-local');
    expect(readToken()).toBe('from-local');
    localStorage.removeItem('token');
    expect(readToken()).toBe('from-session');
  });

  it('clears both storages, leaving other keys alone', () => {
    localStorage.setItem('token', 'a');
    sessionStorage.setItem('token', 'b');
    localStorage.setItem('other', 'keep');
    sessionStorage.setItem('googleLoginAttempt', 'true');
    clearToken();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(readToken()).toBeNull();
    expect(localStorage.getItem('other')).toBe('keep');
    expect(sessionStorage.getItem('googleLoginAttempt')).toBe('true');
  });

  it('survives a storage that throws', () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      expect(readToken()).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
