# Редакторы записей и юнитов (src/app/editors/record, src/app/editors/unit) и их общие виджеты
# (папка игры, выбор имени, 3D-вид). Имена из файлов игры — аргументы, они не переводятся.
view-record = Запись
view-unit = Юнит

## Редактор записи
record-kind-stat = декорация
record-kind-into = внутренний модуль или обойма боеприпасов
record-kind-exto = башня или орудие
record-kind-bull = снаряд
record-kind-btlu = шасси или существо
record-kind-fort = здание
record-kind-wpns = оружие
record-kind-suno = солнце
record-kind-other = неизвестный вид
record-role-empty = пусто
record-role-mesh = модель
record-role-materials = материалы
record-role-control-points = точки управления
record-role-damage = повреждения
record-role-controller = контроллер
record-role-footprint = основание
record-role-profile = профиль
record-role-parent = родительская запись
record-role-other = другое
record-unreadable = Запись не читается: { $error }
record-folder = Слоты ищутся в { $path } ({ $n ->
    [one] { $n } архив
    [few] { $n } архива
    [many] { $n } архивов
   *[other] { $n } архива
    })
record-col-role = Роль
record-col-archive = Архив
record-col-member = Элемент
record-col-resolves = Ведёт к
record-col-raw = Байты
record-open-member-tip = Открыть { $member } из { $path } в его редакторе
record-no-member = в { $archive } нет такого элемента
record-no-archive = такого архива нет в папке
record-junk = байты после NUL
record-junk-archive = архив +{ $at }
record-junk-member = элемент +{ $at }
record-junk-tip = Байты после NUL в имени, сохранены как есть (смещение слота { $offset }): { $where }
record-edit = Изменить…
record-edit-tip = Выбрать архив и элемент этого слота
record-clear = Очистить
record-clear-tip = Обнулить 64 байта этого слота
record-add-slot = Добавить слот
record-pick-slot = Слот { $i }
record-pick-new = Новый слот
record-pick-archive = архив
record-pick-choose = (выберите)
record-cancel = Отмена
record-member-name = Имя элемента
record-member-hint = имя элемента (начните вводить)
record-no-mesh-slot = Нет слота модели: рисовать нечего.
record-mesh-unresolved = Слот модели { $i } ни на что не указывает в папке: рисовать нечего.
record-mesh = Модель: { $name }
record-open-mesh = Открыть модель
record-mesh-error = Модель не рисуется: { $error }
record-clear-title = Очистить слот
record-select-first = Очистить слот: сначала выберите слот
record-mesh-nothing = Открыть модель: слот модели этой записи ни на что не указывает
record-undo-set = Слот { $i } → { $name }
record-undo-clear = Очистить слот { $i }
record-undo-add = Добавить слот { $i }

## Редактор юнита
unit-class-building = здание
unit-class-robot = робот
unit-class-animal = животное
unit-class-other = другое
unit-part-chassis = шасси
unit-part-turret = башня
unit-part-armour = броня
unit-part-internal = внутренний модуль
unit-part-gun = орудие
unit-part-ammo = боеприпасы
unit-part-unknown = неизвестно
unit-unreadable = Юнит не читается: { $error }
unit-class-word = Слово класса
unit-components = { $n ->
    [one] { $n } компонент
    [few] { $n } компонента
    [many] { $n } компонентов
   *[other] { $n } компонента
    }
unit-leftover = { $n ->
    [one] { $n } байт
    [few] { $n } байта
    [many] { $n } байтов
   *[other] { $n } байта
    } после дерева, сохранены
unit-collapse = Свернуть
unit-expand = Развернуть
unit-component = Компонент { $i }
unit-child-of = потомок компонента { $parent } ({ $record }), { $n ->
    [one] { $n } дочерний компонент
    [few] { $n } дочерних компонента
    [many] { $n } дочерних компонентов
   *[other] { $n } дочерних компонента
    }
unit-root = корень, { $n ->
    [one] { $n } дочерний компонент
    [few] { $n } дочерних компонента
    [many] { $n } дочерних компонентов
   *[other] { $n } дочерних компонента
    }
unit-record = Запись
unit-pick = Выбрать…
unit-pick-tip = Выбрать из записей objects.rlb этой папки
unit-open-record-tip = Открыть запись в её редакторе
unit-no-record = в { $archive } нет записи { $record }
unit-class = Класс
unit-part-class = класс детали
unit-attach = Точка крепления
unit-attach-root = −1 у корня
unit-attach-hint = узел модели родителя или слот его контроллера
unit-display-name = Отображаемое имя
unit-apply = Применить
unit-no-cp1251 = для { $ch } нет байта в Windows-1251
unit-record-key = Ключ записи
unit-record-hint = ключ записи (начните вводить)
unit-add-child = Добавить дочерний
unit-add-child-tip = Новый компонент под этим, с той же записью
unit-remove = Удалить
unit-remove-tip = Удалить этот компонент вместе с поддеревом (Delete)
unit-move-up = Выше
unit-move-up-tip = На одно место раньше среди соседей (Alt+Up)
unit-move-down = Ниже
unit-move-down-tip = На одно место позже среди соседей (Alt+Down)
unit-move-to = Переместить в…
unit-move-to-tip = Сменить родителя этого компонента (или перетащите его строку на другую)
unit-move-under = под { $i }: { $record }
unit-err-root-siblings = у корня нет соседей
unit-err-not-among = компонента { $i } нет среди детей его родителя
unit-err-cp1251 = для { $ch } (U+{ $code }) нет байта в Windows-1251: игра хранит отображаемые имена в Windows-1251
unit-err-root-remove = корень удалить нельзя: у юнита он должен быть
unit-err-first = компонент { $i } уже первый среди детей своего родителя
unit-err-last = компонент { $i } уже последний среди детей своего родителя
unit-undo-record = Запись компонента { $i } → { $name }
unit-undo-display = Переименовать компонент { $i } в { $name }
unit-undo-class = Класс компонента { $i } → { $class }
unit-undo-attach = Точка крепления компонента { $i } → { $at }
unit-undo-add = Добавить дочерний компонент к { $i }
unit-undo-remove = Удалить компонент { $i } ({ $n ->
    [one] { $n } компонент
    [few] { $n } компонента
    [many] { $n } компонентов
   *[other] { $n } компонента
    } с поддеревом)
unit-undo-up = Компонент { $i } выше
unit-undo-down = Компонент { $i } ниже
unit-undo-move-to = Переместить компонент { $i } под { $parent }
unit-chain-record = запись { $record }
unit-chain-record-error = запись: { $error }
unit-chain-mesh = модель { $mesh }
unit-chain-no-mesh = модель: слот модели записи ни на что не указывает
unit-chain-materials = материалы { $materials }
unit-chain-materials-error = материалы: { $error }
unit-chain-no-component = нет компонента { $i }
unit-chain-unreadable = { $name } не читается: { $error }
unit-chain-names-nothing = { $name } ни на что не указывает
unit-chain-title = Компонент { $i }: { $record } «{ $name }» · { $class }
unit-problems = { $n ->
    [one] { $n } проблема при сборке юнита
    [few] { $n } проблемы при сборке юнита
    [many] { $n } проблем при сборке юнита
   *[other] { $n } проблемы при сборке юнита
    }
unit-not-assembled = Юнит не собирается: { $error }
unit-not-drawn = (внутренний модуль: не рисуется)
unit-material-chain = Цепочка материалов: { $n ->
    [one] { $n } строка .wea
    [few] { $n } строки .wea
    [many] { $n } строк .wea
   *[other] { $n } строки .wea
    }, у каждой свой материал и текстура

## Общие виджеты
folder-no-member = в { $path } нет элемента { $member }
picker-count = { $shown } из { $n ->
    [one] { $n } имени
   *[other] { $n } имён
    }
orbit-no-gpu = нет GPU
orbit-unavailable = 3D-вид недоступен ({ $why })
orbit-tip = Перетаскивание поворачивает, колесо приближает, щелчок выбирает деталь
unit-updating = обновляется…
