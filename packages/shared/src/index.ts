export * from './api-error';
export * from './auth-rules';
export * from './auth-schemas';
export * from './categories';
export * from './currencies';
export * from './limits';
export * from './money';
export * from './time-zone';
