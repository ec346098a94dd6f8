import { TimePicker } from 'antd';

// The 营业时间 picker in a module of its own: ShopFields loads it as the form renders (antd's pickers are 32 KB gzip).
export const HoursRange = TimePicker.RangePicker;
