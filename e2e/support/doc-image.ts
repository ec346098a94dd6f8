/**
 * Where a screenshot meant for the docs goes: docs/images/ when DOC_IMAGES=1 (refreshing the docs on purpose), else the
 * run's own screenshots/ folder, so an ordinary run leaves the checkout clean.
 */
export const docImage = (name: string) =>
  process.env.DOC_IMAGES === '1' ? `../docs/images/${name}` : `screenshots/${name}`;
