import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A page under 我的, with its back arrow. */
export function SubPage({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="staff-page">
      <NavBar back="返回" onBack={() => navigate('/me')}>
        {title}
      </NavBar>
      {children}
    </div>
  );
}
