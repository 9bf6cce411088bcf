import { siteDomainsSchema } from '@wps/contracts/site-admin';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { ListEditor, useListEditor } from '../../components/shared-list-editor';
import { type SiteDomainsView, useSaveSiteDomains } from './api';
import { SiteCard } from './form-parts';

type DomainRow = { domainName: string; device: string; isMain: boolean };

/** The brand's domains: the main one, and the mirror list the site offers (device 0's, first five, in order). */
export const DomainsForm = ({ domains, canChange }: { domains: SiteDomainsView; canChange: boolean }) => {
  const save = useSaveSiteDomains();
  const editor = useListEditor<DomainRow>(() =>
    domains.domains.map((domain) => ({
      domainName: domain.domainName,
      device: String(domain.device),
      isMain: domain.domainName === domains.mainDomain,
    })),
  );
  const { problems, check } = useSchemaCheck();

  const submit = () => {
    const request = {
      mainDomain: editor.rows.find((row) => row.isMain)?.domainName ?? '',
      domains: editor.rows.map((row) => ({ domainName: row.domainName, device: Number(row.device) })),
    };
    if (check(siteDomainsSchema, request) !== undefined) save.mutate(request);
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
      <ListEditor
        editor={editor}
        testId="domain"
        className="site-rows"
        rowLabel={(row) => row.domainName}
        canMoveUp
        newRow={{ domainName: '', device: '0', isMain: false }}
        addLabel="Add domain"
      >
        {(row, index) => (
          <>
            <label>
              Domain
              <input
                value={row.domainName}
                onChange={(event) => {
                  editor.change(index, { domainName: event.target.value });
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
                  editor.change(index, { device: event.target.value });
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
                  editor.setRows(editor.rows.map((other, at) => ({ ...other, isMain: at === index })));
                }}
                data-testid={`domain-main-${String(index)}`}
              />
              Main
            </label>
          </>
        )}
      </ListEditor>
    </SiteCard>
  );
};
