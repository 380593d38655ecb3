# material
