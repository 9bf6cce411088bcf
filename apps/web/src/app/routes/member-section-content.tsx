import type { MemberInfo } from '@wps/contracts/auth';
import type { ReactNode } from 'react';
import type { MemberSection } from '../../features/members/member-sections';

/**
 * The member-centre sections that other features provide, by section; one line per section. Sections not
 * listed show that they open soon.
 */
const sectionContent: Partial<Record<MemberSection, (member: MemberInfo) => ReactNode>> = {};

export const renderMemberSection = (section: MemberSection, member: MemberInfo): ReactNode =>
  sectionContent[section]?.(member) ?? null;
