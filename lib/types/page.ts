import type { NextPage } from 'next';
import type { ReactElement, ReactNode } from 'react';

/** A page that declares its layout (STYLE.md: thin pages, declared layouts). `_app` applies it. */
export type NextPageWithLayout<P = object> = NextPage<P> & {
  getLayout?: (page: ReactElement) => ReactNode;
};
