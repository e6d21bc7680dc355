export * from './auth.ts';
export * from './common.ts';
export * from './config.ts';
export * from './health.ts';
export * from './vets.ts';
