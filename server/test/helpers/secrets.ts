import { open } from '../../src/lib/secret-box.ts';

/**
 * Stored secrets are sealed (lib/secret-box.ts): tests that check what was stored open them first, as the
 * repositories do. The purposes are those of the repositories' fields (ID_CARD_FIELD, CARD_NO_FIELD, DETAIL_FIELD;
 * test/security/secrets-at-rest.test.ts pins them), named here so a test does not load a module it may lack.
 */
export const openIdCard = (sealed: string) => open('employee.idCardNo', sealed);
export const openCardNo = (sealed: string) => open('bankCard.cardNo', sealed);
export const openDetail = (sealed: string) => open('jinjianApplication.detail', sealed);
