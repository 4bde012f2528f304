import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';

export default function Document({ locale }: DocumentProps) {
  return (
    <Html lang={locale ?? 'nb'}>
      <Head />
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
