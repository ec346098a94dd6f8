// The chunk LazyResult loads: antd's Result (status icons and the 403/404/500 illustrations).
export { Result } from 'antd';
