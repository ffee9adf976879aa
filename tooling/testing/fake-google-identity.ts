/**
 * Google Identity Services as a page sees it once Google's script has run, for the jest tests of
 * every package that shows Google's button (the shell's sign-in, the account's erasure check):
 * `initialize` keeps the callback, `renderButton` draws a real button that the test clicks, and the
 * test answers as Google would by calling `callback` with a credential.
 */
import type { GoogleButtonOptions, GoogleCredentialResponse } from 'shared-kernel';

export interface FakeGoogle {
  callback: (response: GoogleCredentialResponse) => void;
  options: GoogleButtonOptions;
  initialize: jest.Mock;
  renderButton: jest.Mock;
}

/** Installs `window.google`; the button's text is the one Google shows in that context. */
export function installFakeGoogle(buttonText: string): FakeGoogle {
  const fake = {} as FakeGoogle;
  fake.initialize = jest.fn((config: { callback: FakeGoogle['callback'] }) => {
    fake.callback = config.callback;
  });
  fake.renderButton = jest.fn((parent: HTMLElement, options: GoogleButtonOptions) => {
    fake.options = options;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = buttonText;
    button.addEventListener('click', () => options.click_listener?.());
    parent.appendChild(button);
  });
  (window as unknown as { google: unknown }).google = {
    accounts: { id: { initialize: fake.initialize, renderButton: fake.renderButton, disableAutoSelect: jest.fn() } },
  };
  return fake;
}

export function removeFakeGoogle(): void {
  delete (window as unknown as { google?: unknown }).google;
}
