export * from './types.js';
export * from './decode.js';
export * from './page-routes.js';
export * from './legal.js';
export * from './mail.js';
export * from './page-data-keys.js';
export * from './image-variants.js';
export * from './channel-calendar.js';
