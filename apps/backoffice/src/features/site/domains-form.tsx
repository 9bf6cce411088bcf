import { useState } from 'react';
import { siteDomainsSchema } from '@wps/contracts/site-admin';
import { type SiteDomainsView, useSaveSiteDomains } from './api';
import { movedUp, problemsOf, RowButtons, SiteCard } from './form-parts';

type DomainRow = { domainName: string; device: string; isMain: boolean };

/** The brand's domains: the main one, and the mirror list the site offers (device 0's, first five, in order). */
export const DomainsForm = ({ domains, canChange }: { domains: SiteDomainsView; canChange: boolean }) => {
  const save = useSaveSiteDomains();
  const [rows, setRows] = useState<DomainRow[]>(
    domains.domains.map((domain) => ({
      domainName: domain.domainName,
      device: String(domain.device),
      isMain: domain.domainName === domains.mainDomain,
    })),
  );
  const [problems, setProblems] = useState<string[]>([]);

  const change = (index: number, patch: Partial<DomainRow>) => {
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  };

  const submit = () => {
    const request = {
      mainDomain: rows.find((row) => row.isMain)?.domainName ?? '',
      domains: rows.map((row) => ({ domainName: row.domainName, device: Number(row.device) })),
    };
    const checked = siteDomainsSchema.safeParse(request);
    if (!checked.success) {
      setProblems(problemsOf(checked.error));
      return;
    }
    setProblems([]);
    save.mutate(request);
  };

  return (
    <SiteCard
      title="Domains and mirrors"
      testId="site-domains"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <p className="site-hint">
        Each domain opens this brand. Device 0&apos;s domains, in this order, are the mirror list players see
        (the first five). A domain you remove stops opening this brand, this console included.
      </p>
      <ol className="site-rows" data-testid="domain-rows">
        {rows.map((row, index) => (
          <li key={index}>
            <label>
              Domain
              <input
                value={row.domainName}
                onChange={(event) => {
                  change(index, { domainName: event.target.value });
                }}
                data-testid={`domain-name-${String(index)}`}
              />
            </label>
            <label>
              Device
              <input
                inputMode="numeric"
                size={3}
                value={row.device}
                onChange={(event) => {
                  change(index, { device: event.target.value });
                }}
                data-testid={`domain-device-${String(index)}`}
              />
            </label>
            <label className="radio">
              <input
                type="radio"
                name="main-domain"
                checked={row.isMain}
                onChange={() => {
                  setRows(rows.map((other, at) => ({ ...other, isMain: at === index })));
                }}
                data-testid={`domain-main-${String(index)}`}
              />
              Main
            </label>
            <RowButtons
              index={index}
              label={row.domainName}
              testId="domain"
              onRemove={() => {
                setRows(rows.filter((_row, at) => at !== index));
              }}
              onMoveUp={() => {
                setRows(movedUp(rows, index));
              }}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button"
        onClick={() => {
          setRows([...rows, { domainName: '', device: '0', isMain: false }]);
        }}
        data-testid="domain-add"
      >
        Add domain
      </button>
    </SiteCard>
  );
};
