class Person
  attr_reader :name
  attr_writer :age
  attr_accessor :city, :zip

  def initialize(name)
    @name = name
  end

  def age_text
    "age #{@age.inspect}"
  end
end

pe = Person.new("ann")
p pe.name
puts pe.age_text
pe.age = 31
puts pe.age_text
pe.city = "Oslo"
pe.zip = 123
p [pe.city, pe.zip]
p pe.respond_to?(:name=)
p pe.respond_to?(:age)
p Person.instance_methods(false).sort
