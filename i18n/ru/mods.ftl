# mods

mods-title = Моды
mods-title-installed = Моды (установлено: { $n })
mods-install-from-file = Установить из файла…
mods-install-from-file-tip = Выберите .parkanmod; до записи будет показан его пробный прогон
mods-or-drop = или перетащите .parkanmod в окно
mods-journal-unreadable = журнал установок не читается: { $error }
mods-none = Моды не установлены: игра такая, как её файлы.
mods-by = от { $author }
mods-changes = { $n ->
    [one] { $n } изменение
    [few] { $n } изменения
    [many] { $n } изменений
   *[other] { $n } изменения
}
mods-up = Выше
mods-up-tip = Раньше в порядке: моды применятся заново в новом порядке
mods-down = Ниже
mods-down-tip = Позже в порядке: при конфликте побеждает он
mods-uninstall = Удалить
mods-uninstall-tip = Восстановить каждую изменённую им запись байт в байт; изменения более поздних модов останутся
mods-later-wins = Если два мода меняют одно и то же, побеждает более поздний.
mods-conflict-why = КОНФЛИКТ с { $other }: { $why }
mods-blocked = заблокировано: { $why }
mods-conflict-wins = КОНФЛИКТ с { $other }: побеждает { $winner }
mods-conflict-wins-later = КОНФЛИКТ с { $other }, который идёт после: побеждает { $winner }
mods-same-bytes = также меняется модом { $other }: те же байты, конфликта нет
mods-rows-merge = строки сливаются с правками { $other }, конфликта нет
mods-install-title = Установить { $name }?
mods-into-from = в { $game } из { $package }
mods-place-first = первым установленным модом
mods-place-after = №{ $at } из { $of }, после { $mods }
mods-place-before = №{ $at } из { $of }, перед { $mods }
mods-dry-run = Пробный прогон: { mods-changes }, заблокировано: { $blocked }, в конфликте: { $conflicts }; мод станет { $place }.
mods-col-change = изменение
mods-col-item = элемент
mods-col-does = что делает
mods-ask-changed = Некоторые элементы не такие, для каких сделан мод (изменены вручную или другой программой). Всё равно установить?
mods-ask-conflict = Конфликт с { $mods }: кто побеждает?
mods-install-last = Установить последним: побеждает этот мод (его байты заменят чужие там, где они различаются)
mods-install-before = Установить перед { $name } (№{ $at }): при конфликтах побеждают установленные моды
mods-install-tip = Записать: всё или ничего, с журналом, чтобы «Удалить» восстановило каждый байт
mods-choose-first = Сначала выберите, кто побеждает
mods-install = Установить
export-changes = Изменения:
export-unsaved = Несохранённые правки (относительно файлов на диске)
export-against = Относительно { $folder }
export-against-clean = Относительно чистой папки…
export-against-tip = Всё, чем открытая папка игры отличается от чистой копии игры
export-finding = поиск изменений…
export-none = Изменений не найдено.
export-included = включено { $n } из { $total }
export-all = Все
export-none-button = Ни одного
export-button = Экспортировать…
export-button-tip = Записать выбранные изменения в .parkanmod
mod-name = Название
mod-version = Версия
mod-author = Автор
mod-description = Описание
mod-made-with = Создан в
mod-format-version = Версия формата
mod-file = Файл
mod-view-title = Мод { $name } { $version }
mod-view-compared = { mods-changes }; сравнение с { $game } по запросу.
mod-view-installed = установлен здесь как №{ $at } из { $of }
mod-view-install = Установить в эту папку…
mod-view-install-tip = Сначала покажет пробный прогон
mod-view-no-game = { mods-changes }. Откройте папку игры (Файл ▸ Открыть папку), чтобы сравнить каждое с игрой.
mod-view-hide-diff = Скрыть разницу
mod-view-diff = Разница
mod-view-diff-tip = Что это изменение делает с элементом игры
mods-change-new = новый, { $size }
mods-change-removed = удалён ({ $size })
mods-change-renamed = переименован в { $to }
mods-change-rows = строки: { $from } -> { $to }
