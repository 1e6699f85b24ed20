import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryGroup } from '@wop/shared/files';
import { api, openDownload, toFormData } from '../../../lib/api.ts';

export const CATEGORIES_KEY = ['categories'] as const;

/** The library: categories of the chains the user may see, grouped per chain. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'list'],
    queryFn: async ({ signal }) => (await api.get<CategoryGroup[]>('/admin/categories', undefined, signal)).payload,
  });

export const categoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CATEGORIES_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Category>(`/admin/categories/${id}`, undefined, signal)).payload,
  });

export interface CategoryFields {
  chain_id: number | null;
  title: string;
  sub_title: string;
  description: string;
  category_name: string;
}

/** Creates a category, or updates one (the API's update is a POST too) and adds the files sent. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, files }: { id?: number | null; fields: CategoryFields; files: File[] }) => {
      const body = toFormData({ ...fields, 'files[]': files });
      return api.post<Category>(id ? `/admin/categories/${id}` : '/admin/categories', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/categories/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/admin/files/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

/** Opens the file in a new tab through a short-lived download token; the server sends it as an attachment. */
export const downloadCategoryFile = (id: number) => openDownload(`/admin/files/${id}/download`);
