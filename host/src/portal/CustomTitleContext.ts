import { createContext } from 'react';

/** A page's custom app-bar title (`usePortal().setTitle`), valid on the path it was set on. */
export interface CustomTitle {
  path: string;
  title: string;
}

export const CustomTitleContext = createContext<CustomTitle | null>(null);
