import { formatPrice } from '@/lib/price';

/** Pence as the site writes prices (£35.00). */
export const formatPence = (pence: number): string => formatPrice(pence / 100) ?? '';
