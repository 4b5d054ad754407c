import { Spinner } from '@fluentui/react-components';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoadingContext } from '../shell/PageLoadingContext';

/** A remote page on its way: a spinner in place, and the shell's progress bar while it lasts. */
export function PageLoading() {
  const { t } = useTranslation('common');
  const track = useContext(PageLoadingContext);
  useEffect(() => track(), [track]);
  return <Spinner label={t('loading')} />;
}
