import { Field, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // the radio group lays its children out as a column of their own width: take the whole row
  block: { width: '100%' },
  heading: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  options: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
    gap: tokens.spacingVerticalXS,
    alignItems: 'start',
  },
});

export interface Choice {
  value: string;
  label: ReactNode;
}

/** One choice of a final-form field among groups of options (radio buttons), with its error below. */
export function ChoiceField({
  name,
  label,
  groups,
}: {
  name: string;
  label: string;
  groups: ReadonlyArray<{ heading?: string; choices: readonly Choice[] }>;
}) {
  const styles = useStyles();
  const { input, meta } = useField<string>(name);
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <RadioGroup
        className={styles.group}
        name={name}
        value={input.value ?? ''}
        onChange={(_event, data) => {
          input.onChange(data.value);
          input.onBlur();
        }}
        aria-invalid={error ? true : undefined}
      >
        {groups.map((group) => (
          <div key={group.heading ?? 'all'} role="presentation" className={styles.block}>
            {group.heading && <h3 className={styles.heading}>{group.heading}</h3>}
            <div className={styles.options}>
              {group.choices.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={{ children: choice.label }} />
              ))}
            </div>
          </div>
        ))}
      </RadioGroup>
    </Field>
  );
}
