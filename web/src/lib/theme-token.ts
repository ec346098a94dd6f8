import { useToken } from 'antd/es/theme/internal';

/**
 * The theme's design tokens, as `theme.useToken().token`: antd's `theme` object also holds the dark and compact
 * algorithms, which every module calling theme.useToken() brought to its page (docs/performance-browser.md).
 */
export function useThemeToken() {
  return useToken()[1];
}
