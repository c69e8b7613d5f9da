import { useState } from 'react';
import { ROLES, type Role } from '@preciofab/shared/catalogue';
import type { UserUpdate } from '@preciofab/shared/contracts/users';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useMe } from '../../../lib/get-me.ts';
import { useUsers, type ManagedUser } from '../api/get-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import '../../../components/ui/data-table.css';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Admins only: every account, its role and whether it may sign in. */
export function UsersCard() {
  const { t } = useTranslation();
  const users = useUsers();
  const me = useMe();
  const update = useUpdateUser();
  const [adding, setAdding] = useState(false);

  function change(user: ManagedUser, patch: UserUpdate) {
    update.mutate(
      { id: user.id, patch },
      {
        onSuccess: (saved) => toast.success(t('settings.users.updated', { name: saved.name })),
        // The server says why (e.g. the last admin, or changing yourself), already translated.
        onError: (error) => {
          if (!(error instanceof ApiError) || ![401, 403].includes(error.status)) {
            toast.error(
              error instanceof ApiError && error.detail ? error.detail : t('settings.users.update_failed'),
            );
          }
        },
      },
    );
  }

  return (
    <Card
      title={t('settings.users.title')}
      className="settings-card"
      data-testid="users-card"
      actions={
        <Button size="sm" onClick={() => setAdding(true)} data-testid="add-user">
          <PlusIcon size={16} />
          {t('settings.users.add')}
        </Button>
      }
    >
      {!users.data ? (
        users.isError ? (
          <p className="settings-muted">{t('settings.users.load_error')}</p>
        ) : (
          <Skeleton height={120} />
        )
      ) : (
        <div
          className="settings-table__scroll"
          tabIndex={0}
          role="region"
          aria-label={t('settings.users.table_label')}
        >
          <table className="data-table settings-table" aria-label={t('settings.users.table_label')}>
            <thead>
              <tr>
                <th scope="col">{t('settings.users.name')}</th>
                <th scope="col">{t('settings.users.email')}</th>
                <th scope="col">{t('settings.users.role')}</th>
                <th scope="col">{t('settings.users.status')}</th>
                <th scope="col">{t('settings.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((user) => {
                const self = user.id === me.data?.id;
                return (
                  <tr key={user.id} data-testid="user-row">
                    <td>
                      {user.name}
                      {self && <span className="settings-muted"> {t('settings.users.you')}</span>}
                    </td>
                    <td>{user.email}</td>
                    <td>
                      <select
                        className="field__input settings-table__select"
                        aria-label={t('settings.users.role_of', { name: user.name })}
                        value={user.role}
                        disabled={self || update.isPending}
                        onChange={(event) => {
                          if (isRole(event.target.value)) change(user, { role: event.target.value });
                        }}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <Badge tone={user.active ? 'good' : 'neutral'}>
                        {user.active ? t('settings.users.active') : t('settings.users.inactive')}
                      </Badge>
                    </td>
                    <td>
                      {!self && (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={update.isPending}
                          onClick={() => change(user, { active: !user.active })}
                          aria-label={t(
                            user.active ? 'settings.users.deactivate_of' : 'settings.users.activate_of',
                            {
                              name: user.name,
                            },
                          )}
                        >
                          {user.active ? t('settings.users.deactivate') : t('settings.users.activate')}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {adding && <CreateUserModal onClose={() => setAdding(false)} />}
    </Card>
  );
}
