export * from './runtime-config.js';
export * from './token-storage.js';
export * from './http.js';
export * from './endpoints.js';
export * from './legal-endpoints.js';
export * from './page-data.js';
