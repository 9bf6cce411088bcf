import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lobbyPathOf, sideMenuCategories } from '../../features/games/game-types';
import { imageUrlOf, listVendorImagePath, useImageHost } from '../../features/games/images';
import { memberSectionPath } from '../../features/members/member-sections';
import { LiveSupportButton } from '../../features/site/components/live-support-button';
import { usePermission } from '../../features/site/api/get-permission';
import './site-footer.css';

const vendorCodes = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const { siteName, info } = usePermission();
  const imageHost = useImageHost();
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{t('footer.label')}</h2>
      <div className="site-footer__columns">
        <section aria-labelledby="footer-play">
          <h3 id="footer-play">{t('footer.play')}</h3>
          <ul>
            {sideMenuCategories.map((gameType) => (
              <li key={gameType}>
                <Link to={lobbyPathOf(gameType)}>{t(`game_types.${gameType}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-rewards">
          <h3 id="footer-rewards">{t('footer.rewards_title')}</h3>
          <ul>
            <li>
              <Link to="/promotions">{t('footer.promotions')}</Link>
            </li>
            <li>
              <Link to={memberSectionPath('missionLeaderboard')}>{t('footer.missions')}</Link>
            </li>
            {isWhitelabelEnabled(info.whitelabel, 'MANPLAYREB3') && (
              <li>
                <Link to={memberSectionPath('manualRebate')}>{t('footer.rebate')}</Link>
              </li>
            )}
            <li>
              <Link to="/pointMall">{t('loyalty.points.menu')}</Link>
            </li>
            <li>
              <Link to={memberSectionPath('rewardCenter')}>{t('footer.rewards')}</Link>
            </li>
            {isWhitelabelEnabled(info.whitelabel, 'VIP3') && (
              <li>
                <Link to={memberSectionPath('playerRank')}>{t('footer.vip')}</Link>
              </li>
            )}
            <li>
              <Link to="/agent">{t('footer.agent')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h3 id="footer-support">{t('footer.support')}</h3>
          <ul>
            <li>
              <Link to="/help">{t('footer.help')}</Link>
            </li>
            <li>
              <Link to="/help#term">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/down">{t('footer.download')}</Link>
            </li>
            <li>
              <Link to={memberSectionPath('feedback')}>{t('footer.feedback')}</Link>
            </li>
          </ul>
          <LiveSupportButton />
        </section>
      </div>
      <section className="site-footer__vendors" aria-labelledby="footer-vendors">
        <h3 id="footer-vendors">{t('footer.vendors')}</h3>
        <ul>
          {vendorCodes.map((code) => (
            <li key={code} className="vendor-badge">
              {/* The platform's own generated vendor artwork (spec section 7, Images). */}
              <img
                src={imageUrlOf(listVendorImagePath('RNG', code), imageHost)}
                alt={code}
                width={96}
                height={32}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </section>
      <div className="site-footer__legal">
        <p>{t('footer.licence', { siteName })}</p>
        <p>{t('footer.responsible')}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), siteName })}</p>
      </div>
    </footer>
  );
}
