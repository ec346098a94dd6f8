import { DatePicker } from 'antd';

// antd's date range picker as a module of its own, for LazyRangePicker.
export const RangePicker = DatePicker.RangePicker;
