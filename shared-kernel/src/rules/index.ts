export * from './stay.js';
export * from './filters.js';
export * from './slug.js';
export * from './status.js';
export * from './account.js';
export * from './apartment.js';
export * from './taxe-sejour.js';
export * from './pricing.js';
