export * from './constants.js';
export * from './permission.js';
export * from './lists.js';
export * from './errors.js';
export * from './user.js';
export * from './schemas/auth.js';
export * from './schemas/issues.js';
export * from './messages/index.js';
