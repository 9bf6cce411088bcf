import { useState } from 'react';
import { resourceTypes } from '@wps/contracts/site';
import { siteLinksSchema } from '@wps/contracts/site-admin';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { ListEditor, useListEditor } from '../../components/shared-list-editor';
import { type SiteLinks, useSaveSiteLinks } from './api';
import { SiteCard } from './form-parts';

type Service = SiteLinks['customerServices'][number];
type Resource = SiteLinks['resources'][number];

/** Where players reach the brand's people: the live chat, customer-service entries and community links. */
export const LinksForm = ({ links, canChange }: { links: SiteLinks; canChange: boolean }) => {
  const save = useSaveSiteLinks();
  const [liveChatUrl, setLiveChatUrl] = useState(links.liveChatUrl ?? '');
  const services = useListEditor<Service>(links.customerServices);
  const resources = useListEditor<Resource>(links.resources);
  const { problems, check } = useSchemaCheck();

  const submit = () => {
    const checked = check(siteLinksSchema, {
      liveChatUrl: liveChatUrl.trim() === '' ? null : liveChatUrl.trim(),
      customerServices: services.rows,
      resources: resources.rows,
    } satisfies SiteLinks);
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <SiteCard
      title="Customer service and links"
      testId="site-links"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <label>
        Live chat address (https; empty: no live chat)
        <input
          type="url"
          value={liveChatUrl}
          onChange={(event) => {
            setLiveChatUrl(event.target.value);
          }}
          data-testid="links-live-chat"
        />
      </label>
      <fieldset>
        <legend>Customer service</legend>
        <ListEditor
          editor={services}
          testId="service"
          className="site-rows"
          rowLabel={(service) => service.title}
          canMoveUp
          newRow={{ title: '', csType: 'TELEGRAM', path: '' }}
          addLabel="Add customer service"
        >
          {(service, index) => (
            <>
              <label>
                Title
                <input
                  value={service.title}
                  onChange={(event) => {
                    services.change(index, { title: event.target.value });
                  }}
                  data-testid={`service-title-${String(index)}`}
                />
              </label>
              <label>
                Kind (TELEGRAM, WHATSAPP …)
                <input
                  value={service.csType}
                  onChange={(event) => {
                    services.change(index, { csType: event.target.value.toUpperCase() });
                  }}
                  data-testid={`service-type-${String(index)}`}
                />
              </label>
              <label>
                Address (https)
                <input
                  type="url"
                  value={service.path}
                  onChange={(event) => {
                    services.change(index, { path: event.target.value });
                  }}
                  data-testid={`service-path-${String(index)}`}
                />
              </label>
            </>
          )}
        </ListEditor>
      </fieldset>
      <fieldset>
        <legend>Community links</legend>
        <ListEditor
          editor={resources}
          testId="resource"
          className="site-rows"
          rowLabel={(resource) => resource.labelNameEn}
          newRow={{ resourceType: 'TELEGRAM', url: '', labelNameEn: '' }}
          addLabel="Add link"
        >
          {(resource, index) => (
            <>
              <label>
                Kind
                <select
                  value={resource.resourceType}
                  onChange={(event) => {
                    const resourceType = resourceTypes.find((type) => type === event.target.value);
                    if (resourceType) resources.change(index, { resourceType });
                  }}
                  data-testid={`resource-type-${String(index)}`}
                >
                  {resourceTypes.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Label
                <input
                  value={resource.labelNameEn}
                  onChange={(event) => {
                    resources.change(index, { labelNameEn: event.target.value });
                  }}
                  data-testid={`resource-label-${String(index)}`}
                />
              </label>
              <label>
                Address (https)
                <input
                  type="url"
                  value={resource.url}
                  onChange={(event) => {
                    resources.change(index, { url: event.target.value });
                  }}
                  data-testid={`resource-url-${String(index)}`}
                />
              </label>
            </>
          )}
        </ListEditor>
      </fieldset>
    </SiteCard>
  );
};
