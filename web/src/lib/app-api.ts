// biome-ignore lint/style/noRestrictedImports: antd's own App context (antd/es/app), not the console's src/app
import useApp from 'antd/es/app/useApp';

/**
 * App.useApp() without antd's <App> component: the console's modal, message and notification APIs from the context
 * that ConsoleApp (app/layouts/ConsoleApp.tsx) or antd's <App> (tests) provides. Importing antd's `App` for its
 * static `useApp` brings the component with Modal and its dialog into the page's chunk.
 */
export const useAppApi = useApp;
