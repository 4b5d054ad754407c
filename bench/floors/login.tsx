// The floor of a login form on the portal's required libraries (issue 14): React, react-dom,
// react-router's data router, Fluent UI v9 (provider, theme, field, input, button, link, text),
// i18next with react-i18next, react-final-form. A heading, e-mail, password, submit and a link: no
// tabs, no sign-up, no cookie banner, no app bar, no toasts, one language, one theme. Built as one
// bundle by bench/lib/floors.mjs with the apps' loader and minifier; never served.
import { Button, Field, FluentProvider, Input, Link, Text, webLightTheme } from '@fluentui/react-components';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { Form, Field as FormField } from 'react-final-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: {
    en: {
      translation: {
        welcome: 'Welcome',
        email: 'E-mail',
        password: 'Password',
        logIn: 'Log in',
        forgot: 'Forgot your password?',
        required: 'This field is required.',
      },
    },
  },
});

function Login() {
  const { t } = useTranslation();
  return (
    <main>
      <Text as="h1" size={600}>
        {t('welcome')}
      </Text>
      <Form<{ email?: string; password?: string }>
        onSubmit={(values) =>
          fetch('/_allauth/browser/v1/auth/login', { method: 'POST', body: JSON.stringify(values) })
        }
        validate={(values) => (values.email ? {} : { email: t('required') })}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <FormField<string> name="email">
              {({ input, meta }) => (
                <Field label={t('email')} validationMessage={meta.touched ? meta.error : undefined}>
                  <Input type="email" {...input} />
                </Field>
              )}
            </FormField>
            <FormField<string> name="password">
              {({ input }) => (
                <Field label={t('password')}>
                  <Input type="password" {...input} />
                </Field>
              )}
            </FormField>
            <Button appearance="primary" type="submit">
              {t('logIn')}
            </Button>
            <Link href="/auth/password/reset">{t('forgot')}</Link>
          </form>
        )}
      />
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Login /> }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nextProvider i18n={i18n}>
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>
  </I18nextProvider>,
);
