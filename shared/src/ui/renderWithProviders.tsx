import { FluentProvider } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import { mainLightTheme } from '../theme/themes';

/** Test helper: renders inside the page's providers (i18next with the shared texts, Fluent). */
export function renderWithProviders(ui: ReactElement, instance: i18n = createI18n()) {
  return render(
    <I18nextProvider i18n={instance}>
      <FluentProvider theme={mainLightTheme}>{ui}</FluentProvider>
    </I18nextProvider>,
  );
}
