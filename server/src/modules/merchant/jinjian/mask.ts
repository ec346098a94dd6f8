/**
 * Masks for sensitive values in answers: the whole value stays in the database for the provider only. The rules are
 * the shared ones of @jz/contracts/mask; these names are the ones the 进件 service uses.
 */
export { maskBankCard as maskCardNo, maskIdCard as maskIdNo, maskPhone } from '@jz/contracts/mask';
