import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../lib/i18n/use-catalog';
import { sharedPartsCatalog } from './catalog';

interface PageJumpProps {
  currentPage: number;
  pages: number;
  hrefFor: (page: number) => string;
}

/** "Go to page [ 7 ] Go": a page that does not exist is not asked for (the field says its range). */
export function PageJump({ currentPage, pages, hrefFor }: PageJumpProps) {
  useCatalog(sharedPartsCatalog);
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const jump = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = Number(new FormData(event.currentTarget).get('page'));
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages && wanted !== currentPage)
      void navigate(hrefFor(wanted));
  };
  return (
    <form className="pagination__jump" onSubmit={jump}>
      <label htmlFor={id}>{t`Go to page`}</label>
      <input
        id={id}
        name="page"
        type="number"
        inputMode="numeric"
        min={1}
        max={pages}
        required
        key={currentPage}
        defaultValue={currentPage}
      />
      <button type="submit" className="button button--small">
        {t({ message: 'Go', comment: 'Goes to the page typed beside it' })}
      </button>
    </form>
  );
}
