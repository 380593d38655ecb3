# Редактор миссий (data.tma): вид, таблица, инспектор и правки.
view-mission = Миссия
mission-building = Строится сцена миссии…
mission-built-in = сцена построена за { $ms } мс
mission-updating = обновляется…
mission-scene-error = Не удалось построить сцену миссии: { $error }
mission-unreadable = Эту миссию не прочитать: { $error }
mission-counts = объектов: { $objects } · кланов: { $clans } · залежей: { $lodes } · маршрутов: { $routes }
mission-view-3d = 3D
mission-view-3d-tip = Миссия в перспективе (M переключает)
mission-view-map = Карта
mission-view-map-tip = Миссия сверху, как на миникарте (M переключает)
mission-layers = Слои
mission-layer-routes = Маршруты
mission-layer-zones = Зоны кланов
mission-layer-bases = Базы кланов
mission-layer-lodes = Залежи руды
mission-layer-starts = Юниты, стартующие в зданиях
mission-layer-areals = Области навигации (Land.map)
mission-layer-labels = Имена экземпляров
mission-tab-object = Объект
mission-tab-clans = Кланы
mission-tab-routes = Маршруты и залежи
mission-tab-mission = Миссия
mission-filter = Фильтр
mission-filter-hint = вид, путь, клан, id или имя
mission-rows = { $shown } из { $n ->
    [one] { $n } объекта
   *[other] { $n } объектов
}
mission-sort-by = Сортировать по столбцу «{ $column }»
mission-col-index = №
mission-col-kind = Вид
mission-col-path = Путь
mission-col-clan = Клан
mission-col-id = Id
mission-col-name = Имя экземпляра
mission-col-position = Положение
mission-col-rotation = Поворот
mission-col-scale = Масштаб
mission-col-properties = Свойства
mission-kind-building = здание
mission-kind-unit = юнит
mission-kind-vegetation = растительность
mission-kind-rock = камень
mission-kind-other = вид { $word }
mission-inspector-none = Выберите объект в виде или в таблице.
mission-inspector-many = { $n ->
    [one] Выбран { $n } объект
    [few] Выбрано { $n } объекта
    [many] Выбрано { $n } объектов
   *[other] Выбрано { $n } объекта
}
mission-inspector-object = Объект { $i } · { $kind }
mission-clan-scenery = Декорации не принадлежат клану
mission-field-clan = Клан
mission-field-path = Путь
mission-field-name = Имя экземпляра
mission-field-logical-id = Логический id
mission-field-position = Положение
mission-field-rotation = Поворот
mission-field-scale = Масштаб
mission-field-start = Слово старта
mission-field-host = Стартует внутри
mission-field-properties = Свойства
mission-field-script = Скрипт ИИ
mission-field-tree = Дерево исследований
mission-field-minds = Предел ботов
mission-field-zones = Зоны
mission-field-relations = Отношения
mission-field-lodes = Залежи
mission-field-description = Описание
mission-host-building = здание
mission-host-vertex = вершина
mission-host-is = объект { $i }
mission-host-missing = нет здания с таким id
mission-scale-why-kind = Игра масштабирует только декорации (растительность и камни); здания и юниты сохраняют размер.
mission-scale-why-version = Объекты этой миссии версии { $version }; масштаб появился в версии 10.
mission-remove-title = { $n ->
    [one] Удалить { $n } объект
    [few] Удалить { $n } объекта
    [many] Удалить { $n } объектов
   *[other] Удалить { $n } объекта
}
mission-remove-hosted = { $n ->
    [one] { $n } юнит стартует внутри удаляемых зданий.
    [few] { $n } юнита стартуют внутри удаляемых зданий.
    [many] { $n } юнитов стартуют внутри удаляемых зданий.
   *[other] { $n } юнита стартуют внутри удаляемых зданий.
} Что с ними сделать?
mission-remove-outside = Оставить, пусть стартуют снаружи
mission-remove-too = Удалить и их
mission-err-cp1251 = { $ch } (U+{ $code }) нет в Windows-1251, а текст игры — в Windows-1251
mission-err-version = Объекты этой миссии версии { $version }: поле «{ $field }» появилось в версии { $needs }
mission-err-clan-version = Таблица кланов этой миссии версии { $version }: поле «{ $field }» появилось в версии { $needs }
mission-err-no-object = Нет объекта { $i } (в миссии их { $n })
mission-err-no-clan = Нет клана { $i } (в миссии их { $n })
mission-err-no-route = Нет маршрута { $i } (в миссии их { $n })
mission-err-no-lode = Нет залежи { $i } (в миссии их { $n })
mission-err-no-point = Нет вершины { $i } (у маршрута их { $n })
mission-err-not-finite = Положение, угол и размер должны быть конечными числами
mission-err-scale-scenery = Игра масштабирует только декорации (растительность и камни)
mission-err-id-taken = Логический id { $id } уже у другого объекта
mission-err-clan-empty = У клана должно быть имя
mission-err-zones-reading = Этот клан прочитан по типам; его зоны правятся при чтении «single»
mission-undo-place = Переместить объект { $i }
mission-undo-place-many = { $n ->
    [one] Переместить { $n } объект
    [few] Переместить { $n } объекта
    [many] Переместить { $n } объектов
   *[other] Переместить { $n } объекта
}
mission-undo-turn = Повернуть объект { $i }
mission-undo-turn-many = { $n ->
    [one] Повернуть { $n } объект
    [few] Повернуть { $n } объекта
    [many] Повернуть { $n } объектов
   *[other] Повернуть { $n } объекта
}
mission-undo-scale = Масштаб объекта { $i }
mission-undo-clan = { $n ->
    [one] Сменить клан { $n } объекта
   *[other] Сменить клан { $n } объектов
}
mission-undo-logical-id = Логический id объекта { $i }
mission-undo-name = Переименовать объект { $i }
mission-undo-path = Путь объекта { $i }
mission-undo-start = Слово старта объекта { $i }
mission-undo-host = Здание старта объекта { $i }
mission-undo-properties = Свойства объекта { $i }
mission-undo-add = { $n ->
    [one] Добавить { $n } объект
    [few] Добавить { $n } объекта
    [many] Добавить { $n } объектов
   *[other] Добавить { $n } объекта
}
mission-undo-duplicate = { $n ->
    [one] Копировать { $n } объект
    [few] Копировать { $n } объекта
    [many] Копировать { $n } объектов
   *[other] Копировать { $n } объекта
}
mission-undo-remove = { $n ->
    [one] Удалить { $n } объект
    [few] Удалить { $n } объекта
    [many] Удалить { $n } объектов
   *[other] Удалить { $n } объекта
}
mission-undo-clan-name = Переименовать клан { $i }
mission-undo-clan-kind = Тип клана { $i }
mission-undo-clan-base = Переместить базу клана { $i }
mission-undo-clan-script = Скрипт ИИ клана { $i }
mission-undo-clan-tree = Дерево исследований клана { $i }
mission-undo-clan-minds = Предел ботов клана { $i }
mission-undo-clan-zones = Зоны клана { $i }
mission-undo-relation = Отношение клана { $i } к клану { $other }
mission-undo-clan-add = Добавить клан
mission-undo-clan-remove = Удалить клан { $i }
mission-undo-route-point = Переместить вершину маршрута { $i }
mission-undo-route-insert = Добавить вершину в маршрут { $i }
mission-undo-route-remove-point = Удалить вершину маршрута { $i }
mission-undo-route-add = Добавить маршрут
mission-undo-route-remove = Удалить маршрут { $i }
mission-undo-lode = Изменить залежь { $i }
mission-undo-lode-add = Добавить залежь
mission-undo-lode-remove = Удалить залежь { $i }
mission-undo-description = Изменить описание
