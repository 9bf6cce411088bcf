import { useState } from 'react';
import { isLanguageCode, languageCodes, type LanguageCode } from '@wps/contracts/site';
import { brandCreateRequestSchema, type BrandSummary } from '@wps/contracts/site-admin';
import { ListTable } from '../../components/list-table';
import { ErrorMessage } from '../../components/error-message';
import { TextField } from '../../components/shared-field';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { formatDateTime } from '../../lib/format';
import { type BrandCreateRequest, useBrands, useCreateBrand } from './api';
import { SiteCard } from './form-parts';
import './site.css';

const columns = ['Code', 'Name', 'Main domain', 'Currency', 'Time zone', 'Language', 'Created'];

/** The time zones the browser knows, offered as suggestions (the server checks the one sent). */
const timeZones: readonly string[] = Intl.supportedValuesOf('timeZone');

type Fields = Omit<BrandCreateRequest, 'language'> & { language: LanguageCode };

const emptyFields = (currency: string): Fields => ({
  merchantCode: '',
  siteName: '',
  domain: '',
  currency,
  timeZone: 'UTC',
  language: 'EN',
});

/** A new brand: its code, name, first domain, currency, time zone and language; the rest starts as every brand's. */
const BrandForm = ({ currencies }: { currencies: readonly string[] }) => {
  const create = useCreateBrand();
  const [fields, setFields] = useState(() => emptyFields(currencies[0] ?? ''));
  const { problems, check } = useSchemaCheck();
  const [created, setCreated] = useState<BrandSummary | null>(null);

  const text = (name: 'merchantCode' | 'siteName' | 'domain' | 'timeZone', label: string) => (
    <TextField
      label={label}
      value={fields[name]}
      list={name === 'timeZone' ? 'brand-time-zones' : undefined}
      onChange={(value) => {
        setFields({ ...fields, [name]: value });
        setCreated(null);
      }}
      testId={`brand-${name}`}
    />
  );

  const submit = () => {
    const checked = check(brandCreateRequestSchema, fields);
    if (checked === undefined) return;
    create.mutate(checked, {
      onSuccess: (brand) => {
        setCreated(brand);
        setFields(emptyFields(fields.currency));
      },
    });
  };

  return (
    <SiteCard
      title="New brand"
      testId="brand-form"
      canChange
      onSubmit={submit}
      problems={problems}
      saving={{ error: create.error, isSuccess: false, isPending: create.isPending }}
    >
      <div className="site-grid">
        {text('merchantCode', 'Code (capitals, such as GOLDEN)')}
        {text('siteName', 'Site name')}
        {text('domain', 'Domain (such as play.golden.com)')}
        <label>
          Currency
          <select
            value={fields.currency}
            onChange={(event) => {
              setFields({ ...fields, currency: event.target.value });
            }}
            data-testid="brand-currency"
          >
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
        {text('timeZone', 'Time zone (such as Asia/Manila)')}
        <datalist id="brand-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <label>
          Language
          <select
            value={fields.language}
            onChange={(event) => {
              const language = event.target.value;
              if (isLanguageCode(language)) setFields({ ...fields, language });
            }}
            data-testid="brand-language"
          >
            {languageCodes.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="site-hint">
        The brand starts with the default features and registration rules, the preset staff roles (you are its
        admin) and no content, promotions or payment channels: add those from its own console.
      </p>
      {created ? (
        <p className="success" role="status" data-testid="brand-created">
          {created.siteName} ({created.merchantCode}) is created. Its console is at {created.mainDomain}
          /backoffice.
        </p>
      ) : null}
    </SiteCard>
  );
};

/** The platform's brands (white labels) and a form to create one; only on the platform's own console. */
export const BrandsPage = () => {
  const brands = useBrands();
  const list = brands.data?.list ?? [];

  return (
    <section aria-labelledby="brands-title">
      <header className="page-header">
        <h1 id="brands-title">Brands</h1>
      </header>
      <ErrorMessage error={brands.error} testId="brands-error" />
      {brands.data ? <BrandForm currencies={brands.data.currencies} /> : null}
      <ListTable
        testId="brands-table"
        columns={columns}
        isLoading={brands.isPending}
        isEmpty={brands.isSuccess && list.length === 0}
        emptyMessage="No brands."
      >
        {list.map((brand) => (
          <tr key={brand.merchantCode} data-testid={`brand-row-${brand.merchantCode}`}>
            <td>{brand.merchantCode}</td>
            <td>{brand.siteName}</td>
            <td>{brand.mainDomain}</td>
            <td>{brand.currency}</td>
            <td>{brand.timeZone}</td>
            <td>{brand.defaultLanguage}</td>
            <td className="number">{formatDateTime(brand.createdAt)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};
