import { DatePicker } from 'antd';

/** The search form's date range (lazy: the date picker is among antd's largest components, and most lists lack one). */
export const DateRange = DatePicker.RangePicker;
