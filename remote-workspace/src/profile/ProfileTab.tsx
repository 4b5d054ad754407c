import { Field, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { FormError, requiredText, SubmitButton, TextField, usePortal, zodValidate } from '@portal/shared';
import { mobilePhoneProblem } from '@portal/shared/phone';
import { useMemo } from 'react';
import { Form, useField } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { graphqlSubmissionErrors } from '../common/graphqlErrors';
import { Section } from '../common/Section';
import { UpdateProfileDocument } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { EmailSection } from './EmailSection';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  names: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  },
  actions: { display: 'flex', justifyContent: 'flex-start' },
});

interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  accountType: 'personal' | 'business';
}

const FIELDS = ['firstName', 'lastName', 'phone'] as const;

const schema = z.object({
  firstName: requiredText().check(z.maxLength(150)),
  lastName: requiredText().check(z.maxLength(150)),
  // the spec's three phone messages (section 5), the same check as at sign-up
  phone: requiredText().check(
    z.superRefine((value: string, ctx) => {
      const problem = mobilePhoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  accountType: z.enum(['personal', 'business']),
});

/** Profile › Profile: e-mail (changed through allauth), names, mobile number, account type. */
export function ProfileTab() {
  const styles = useStyles();
  const { me } = usePortal();
  if (!me) return null;
  return (
    <div className={styles.stack}>
      <DetailsSection />
      <EmailSection />
    </div>
  );
}

function DetailsSection() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { me, notify } = usePortal();
  const [, update] = useMutation(UpdateProfileDocument);
  const user = me?.user;
  const validate = useMemo(() => zodValidate(schema), []);
  const initialValues = useMemo<ProfileValues>(
    () => ({
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      phone: user?.phone ?? '',
      accountType: user?.isBusiness ? 'business' : 'personal',
    }),
    [user?.firstName, user?.lastName, user?.phone, user?.isBusiness],
  );

  const onSubmit = async (values: ProfileValues) => {
    const result = await update(
      {
        input: {
          firstName: values.firstName,
          lastName: values.lastName,
          phone: values.phone,
          isBusiness: values.accountType === 'business',
        },
      },
      { portalNotify: false },
    );
    if (result.error) return graphqlSubmissionErrors(result.error, FIELDS);
    notify({ type: 'success', message: t('profile.details.saved') });
    return undefined;
  };

  return (
    <Section title={t('profile.details.title')} description={t('profile.details.description')}>
      <Form<ProfileValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        keepDirtyOnReinitialize
        render={({ handleSubmit }) => (
          <form
            className={styles.form}
            onSubmit={handleSubmit}
            noValidate
            aria-label={t('profile.details.title')}
          >
            <div className={styles.names}>
              <TextField
                name="firstName"
                label={t('profile.details.firstName')}
                autoComplete="given-name"
                required
              />
              <TextField
                name="lastName"
                label={t('profile.details.lastName')}
                autoComplete="family-name"
                required
              />
            </div>
            <TextField
              name="phone"
              type="tel"
              label={t('profile.details.phone')}
              hint={t('profile.details.phoneHint')}
              autoComplete="tel"
              required
            />
            <AccountTypeField />
            <FormError />
            <div className={styles.actions}>
              <SubmitButton>{t('profile.common.save')}</SubmitButton>
            </div>
          </form>
        )}
      />
    </Section>
  );
}

/** Account type (spec section 3): Personal (false) or Business (true). */
function AccountTypeField() {
  const { t } = useWorkspaceTranslation();
  const { input } = useField<string>('accountType');
  return (
    <Field label={t('profile.details.accountType')}>
      <RadioGroup
        layout="horizontal"
        value={input.value}
        onChange={(_event, data) => input.onChange(data.value)}
      >
        <Radio value="personal" label={t('profile.details.personal')} />
        <Radio value="business" label={t('profile.details.business')} />
      </RadioGroup>
    </Field>
  );
}
