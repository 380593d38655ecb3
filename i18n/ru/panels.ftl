# panels

dlg-ok = ОК
dlg-cancel = Отмена
dlg-overwrite = Перезаписать
dlg-changed-on-disk = Файл изменился на диске
dlg-changed-on-disk-text = { $name } был изменён другой программой после открытия. Сохранение сейчас затрёт эти изменения.
dlg-rename-title = Переименовать { $old } в { $new }
dlg-rename-places = { $n ->
    [one] { $n } место в проекте называет { $old }:
    [few] { $n } места в проекте называют { $old }:
    [many] { $n } мест в проекте называют { $old }:
   *[other] { $n } места в проекте называют { $old }:
}
dlg-rename-rewrite = Переименовать и переписать ({ $n })
dlg-rename-rewrite-tip = Один шаг отмены; «Сохранить» (Ctrl+S) затем запишет все изменённые им файлы
dlg-rename-only = Только переименовать
dlg-rename-only-tip = Строки и фазы сохранят старое имя (и ни на что не будут ссылаться)
dlg-leftovers = Остатки прерванного сохранения
dlg-leftovers-text = Сохранение { $file } не завершилось; сам файл цел. Рядом с ним остались временные копии:
dlg-leftovers-remove = Удалить их
dlg-leftovers-keep = Оставить
about-version = версия { $version }
about-description = Редактор ресурсов Parkan: Железная стратегия (Iron3D): архивы, материалы, текстуры и модели, а также level.geom X-Ray
about-licence = Лицензия: { $licence } (LICENSE-MIT, LICENSE-APACHE)
about-crates = Встроенные крейты и их лицензии: { $list }
about-crates-none = Встроенные крейты и их лицензии: список пишет packaging/build.sh (THIRD-PARTY-LICENSES.md)
about-log = Журнал — вкладка «Журнал» этого окна (Ctrl+J); в файл он не пишется. Сообщения до открытия окна идут в stderr: в терминал, из которого программа запущена, или в журнал сеанса (journalctl --user) при запуске с рабочего стола.
about-settings = Настройки: { $dir }
dlg-unsaved = Несохранённые изменения
dlg-unsaved-quit-anyway = Всё равно выйти?
dlg-unsaved-close-anyway = Всё равно закрыть?
dlg-unsaved-one = В { $name } есть несохранённые изменения. { $then }
dlg-unsaved-many = { $n ->
    [one] Несохранённые изменения в { $n } файле:
   *[other] Несохранённые изменения в { $n } файлах:
}
dlg-unsaved-save = Сохранить
dlg-unsaved-save-tip = Сохранить изменения, затем закрыть
dlg-unsaved-discard = Не сохранять
dlg-unsaved-discard-tip = Закрыть без сохранения; изменения пропадут
dlg-unsaved-cancel-tip = Оставить файл открытым
dlg-unsaved-show = Показать изменения
dlg-unsaved-show-tip = Оставить файл открытым и показать, что запишет «Сохранить», запись за записью
palette-hint = Введите команду
palette-none = Ни одна команда не подходит.

log-tab = Журнал
log-diagnostics-tab = Диагностика ({ $n })
severity-error = ошибка
severity-warning = предупреждение
severity-info = сведения
log-editor-findings = { $name }: { $n ->
    [one] { $n } находка
    [few] { $n } находки
    [many] { $n } находок
   *[other] { $n } находки
} в открытом редакторе
log-line-column = строка { $line }, столбец { $column }
log-line = строка { $line }
log-whole-item = (весь элемент)
log-show-place = Показать место в его вкладке
log-project-findings = Проект: { findings-count }
log-open-other-end = Открыть другой конец
log-no-files = Откройте файл: каждый открытый файл проверяется в фоне.
log-checking = Проверка открытых файлов…
log-select-item = Выделить этот элемент
open-it = Открыть
check-ok = в порядке
check-failed = ОШИБКА
check-roundtrip = перекодируется точно
check-no-roundtrip = перекодируется неточно
entries-count = { $n ->
    [one] { $n } запись
    [few] { $n } записи
    [many] { $n } записей
   *[other] { $n } записи
}
findings-count = { $n ->
    [one] { $n } находка
    [few] { $n } находки
    [many] { $n } находок
   *[other] { $n } находки
}
status-more-tasks = ещё +{ $n }
status-files-unsaved = { files-count }, несохранённых: { $dirty }
status-undo = Отмена: { $what }
readings-title = Прочтения форматов
readings-text = Там, где открытые описания форматов расходятся, выберите прочтение; первое значение — по умолчанию. Каждое объяснено в docs/readings.md.
refs-indexing = Используется в: индексирование проекта…
refs-used-by-nothing = нигде в проекте не используется
refs-unused = нигде в проекте не используется (не используется: поиск is:unused покажет все такие)
refs-fallback = (замена движка для отсутствующего имени)
refs-row = строка { $row }
refs-nothing = в проекте не найдено
refs-through = { $at } через { $name }
folder-title = Проект { $root } ({ files-count })
folder-search-hint = Поиск: t:texm brick, t:wear STEEL, is:unused
folder-close = Закрыть папку
folder-indexing = индексирование ссылок…
folder-indexed = проиндексировано: { $items }, { $findings ->
    [one] { $findings } находка
    [few] { $findings } находки
    [many] { $findings } находок
   *[other] { $findings } находки
} (Диагностика)
folder-search-waits = Поиск начнётся, когда индекс будет готов.
folder-results = { $n ->
    [one] { $n } результат
    [few] { $n } результата
    [many] { $n } результатов
   *[other] { $n } результата
}
folder-open-in-editor = Открыть в редакторе
folder-kind-archive = архив
folder-kind-file = файл
folder-kind-entry = запись
tree-collapse = Свернуть
tree-expand = Развернуть

tabs-hint-open = Дважды щёлкните запись (или выделите её и нажмите Enter), чтобы открыть её здесь.
tabs-hint-browser-hidden = Обозреватель скрыт: его показывает Ctrl+B (или Вид ▸ Обозреватель).
tabs-show-browser = Показать обозреватель
tabs-hint-palette = Ctrl+Shift+P — список всех команд.
view-summary = Сводка
view-hex = Hex
view-raw-fields = Сырые поля
tabs-compare-saved = Сравнить с сохранённым
tabs-compare-saved-tip = Несохранённые изменения этого элемента против файла на диске
tabs-close-tip = Закрыть вкладку (Ctrl+W)
filter-game = Файлы Parkan и X-Ray
filter-all = Все файлы
filter-mods = Моды Parkan
filter-images = Изображения
pick-open = Открыть
pick-open-folder = Открыть папку игры
pick-unpack-which = Какую папку игры распаковать
pick-unpack-into = Распаковать в (пустую папку)
pick-pack-which = Какую распакованную папку упаковать
pick-pack-into = Упаковать в (вне распакованной папки)
pick-save-as = Сохранить как
pick-extract-entry = Извлечь запись
pick-extract-entries = Извлечь записи в
pick-extract-all = Извлечь всё в
pick-replace = Заменить на
pick-add = Добавить файлы
pick-install-mod = Установить мод
pick-export-base = С какой чистой папкой игры сравнить для экспорта
pick-export-mod = Экспортировать изменения как мод
pick-compare-file = Сравнить с файлом
pick-compare-folder = Сравнить с папкой
fd-choose-file = Выберите файл.
fd-is-folder = { $path } — это папка
fd-type-name = Введите имя файла.
fd-open-selected = Открыть выбранное
fd-choose-folder = Выбрать эту папку
fd-save-here = Сохранить здесь
fd-up = Вверх
fd-up-tip = Папка уровнем выше
fd-folder = Папка
fd-show = Показать
fd-empty = (пусто)
fd-file-name = Имя файла
fd-name-or-path = Имя или путь
