/** The shared widgets this page uses (web/src/components): the image upload and the region cascader. */
export { RegionCascader, regionNamesOf, useRegionTree } from '../../../../components/region/RegionCascader.tsx';
export { ImageUpload } from '../../../../components/upload/index.ts';
