import { useState } from 'react';
import { resourceTypes } from '@wps/contracts/site';
import { siteLinksSchema } from '@wps/contracts/site-admin';
import { type SiteLinks, useSaveSiteLinks } from './api';
import { movedUp, problemsOf, RowButtons, SiteCard } from './form-parts';

type Service = SiteLinks['customerServices'][number];
type Resource = SiteLinks['resources'][number];

/** Where players reach the brand's people: the live chat, customer-service entries and community links. */
export const LinksForm = ({ links, canChange }: { links: SiteLinks; canChange: boolean }) => {
  const save = useSaveSiteLinks();
  const [liveChatUrl, setLiveChatUrl] = useState(links.liveChatUrl ?? '');
  const [services, setServices] = useState<Service[]>(links.customerServices);
  const [resources, setResources] = useState<Resource[]>(links.resources);
  const [problems, setProblems] = useState<string[]>([]);

  const changeService = (index: number, patch: Partial<Service>) => {
    setServices(services.map((service, at) => (at === index ? { ...service, ...patch } : service)));
  };
  const changeResource = (index: number, patch: Partial<Resource>) => {
    setResources(resources.map((resource, at) => (at === index ? { ...resource, ...patch } : resource)));
  };

  const submit = () => {
    const request: SiteLinks = {
      liveChatUrl: liveChatUrl.trim() === '' ? null : liveChatUrl.trim(),
      customerServices: services,
      resources,
    };
    const checked = siteLinksSchema.safeParse(request);
    if (!checked.success) {
      setProblems(problemsOf(checked.error));
      return;
    }
    setProblems([]);
    save.mutate(checked.data);
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
        <ol className="site-rows" data-testid="service-rows">
          {services.map((service, index) => (
            <li key={index}>
              <label>
                Title
                <input
                  value={service.title}
                  onChange={(event) => {
                    changeService(index, { title: event.target.value });
                  }}
                  data-testid={`service-title-${String(index)}`}
                />
              </label>
              <label>
                Kind (TELEGRAM, WHATSAPP …)
                <input
                  value={service.csType}
                  onChange={(event) => {
                    changeService(index, { csType: event.target.value.toUpperCase() });
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
                    changeService(index, { path: event.target.value });
                  }}
                  data-testid={`service-path-${String(index)}`}
                />
              </label>
              <RowButtons
                index={index}
                label={service.title}
                testId="service"
                onRemove={() => {
                  setServices(services.filter((_service, at) => at !== index));
                }}
                onMoveUp={() => {
                  setServices(movedUp(services, index));
                }}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button"
          onClick={() => {
            setServices([...services, { title: '', csType: 'TELEGRAM', path: '' }]);
          }}
          data-testid="service-add"
        >
          Add customer service
        </button>
      </fieldset>
      <fieldset>
        <legend>Community links</legend>
        <ol className="site-rows" data-testid="resource-rows">
          {resources.map((resource, index) => (
            <li key={index}>
              <label>
                Kind
                <select
                  value={resource.resourceType}
                  onChange={(event) => {
                    const resourceType = resourceTypes.find((type) => type === event.target.value);
                    if (resourceType) changeResource(index, { resourceType });
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
                    changeResource(index, { labelNameEn: event.target.value });
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
                    changeResource(index, { url: event.target.value });
                  }}
                  data-testid={`resource-url-${String(index)}`}
                />
              </label>
              <RowButtons
                index={index}
                label={resource.labelNameEn}
                testId="resource"
                onRemove={() => {
                  setResources(resources.filter((_resource, at) => at !== index));
                }}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button"
          onClick={() => {
            setResources([...resources, { resourceType: 'TELEGRAM', url: '', labelNameEn: '' }]);
          }}
          data-testid="resource-add"
        >
          Add link
        </button>
      </fieldset>
    </SiteCard>
  );
};
