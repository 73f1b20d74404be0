export * from './common/schemas';
export * from './config/flags';
export * from './http/messages';
export * from './http/schemas';
export * from './maintenance/rules';
export * from './tenants/rules';
export * from './tenants/schemas';
