export { type Api, type ApiResponse, api, envelopeOf, formOf } from './api.ts';
export { buildTestApp, type TestApp } from './app.ts';
export { expectEvery } from './expect-every.ts';
export { type DemoUser, demoTokens, demoUsers, loginAs, PHONES, sessionFor, smsLogin } from './auth.ts';
export { daysSinceSeed, testDbKind } from './db.ts';
export { addCategory, addLeave } from './rows.ts';
export { waitFor } from './wait.ts';
export { demoMerchantA } from './demo-merchant.ts';
