import type { Employee } from '@jz/contracts/employee';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { employeeKeys } from './get-employee-page.ts';

export const getEmployee = (id: number) =>
  api.get<Employee>(`/api/app/jiazheng/yuangong/findById/${id}`, undefined, { quiet: true });

export const employeeQuery = (id: number) =>
  queryOptions({ queryKey: [...employeeKeys.all, 'detail', id], queryFn: () => getEmployee(id), enabled: id > 0 });

export const useEmployee = (id: number) => useQuery(employeeQuery(id));
