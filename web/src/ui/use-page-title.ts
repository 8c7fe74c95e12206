import { useEffect } from 'react';
import { BRAND_NAME } from './brand';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BRAND_NAME}`;
  }, [title]);
}
