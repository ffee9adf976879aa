/** shared-kernel: shared as a federation singleton by the shell and every remote. */
export * from './domain/index.js';
export * from './rules/index.js';
export * from './format/index.js';
export * from './api/index.js';
export * from './session/store.js';
export * from './tokens/index.js';
export * from './meta/page-meta.js';
export * from './federation/registry.js';
export * from './federation/RemoteView.js';
export * from './federation/render-mode.js';
export * from './ui/Spinner.js';
export * from './session/commands.js';
export * from './ui/ImageWithFallback.js';
export * from './ui/StatusBadge.js';
export * from './federation/useRemoteConfigured.js';
export * from './ui/TransferInstructions.js';
export * from './auth/google-identity.js';
